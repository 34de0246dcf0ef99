// Swift Testing declares a cross-import overlay named `_Testing_CoreGraphics`: a file that imports
// both `Testing` and a module named `CoreGraphics` implicitly imports it. Apple platforms ship it;
// the Linux toolchain does not, so without this module any test file importing Testing and
// Lamina's CoreGraphics fails with "no such module '_Testing_CoreGraphics'". It is part of the
// CoreGraphics product so Lamina's users can write Swift Testing suites too. It adds nothing.
@_exported import CoreGraphics
