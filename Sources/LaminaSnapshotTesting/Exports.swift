// A test file that imports LaminaSnapshotTesting gets the library too.
@_exported import SnapshotTesting
