"""Engine and load benchmarks that print comparable figures (run as python -m bench.<name>)."""
