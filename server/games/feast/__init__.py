"""A Feast for Odin (base game), rules engine — work in progress, not yet registered.

Spec: ../shared/rules/feast-for-odin.md (rules F-…); data: data/ (verbatim copies of
../shared/data/feast). See RULES-CHECKLIST.md for which rules are implemented.
"""
