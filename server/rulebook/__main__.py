"""`python -m server.rulebook`: extract the numbered rules from the specifications into
the JSON files beside this package (see the package's docstring)."""

from server.rulebook import main

main()
