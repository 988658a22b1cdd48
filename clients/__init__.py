"""Thin reference clients of the Longhall protocol."""
