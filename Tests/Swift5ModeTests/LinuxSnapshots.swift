// The one Linux-only line a test target needs without the `-import-module` setting: the
// snapshot strategies are found from every file of the target (as extension members).
#if os(Linux)
import LaminaSnapshotTesting
#endif
