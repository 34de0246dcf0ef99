import UIKit

/// The `lamina` command line. Its commands (`gallery`, `render`) arrive with the gallery issue;
/// until then it says so and exits with an error, naming what is missing.
let args = CommandLine.arguments.dropFirst()
switch args.first {
case "--version", "version":
    print("lamina 0.1.0 (the CALayer model; rendering not yet available)")
case nil, "--help", "-h", "help":
    print("""
    usage: lamina <command>
      gallery [--out DIR]   render the gallery (not available yet: needs the compositor)
      render ARCHIVE ...    render a Core Animation archive (not available yet)
      --version             print the version
    """)
default:
    FileHandle.standardError.write(Data("lamina: '\(args.first!)' is not available yet: rendering needs the compositor (issue 4) and the gallery (issue 8)\n".utf8))
    exit(2)
}
