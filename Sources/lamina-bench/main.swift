print("lamina-bench: see Sources/lamina-bench")
