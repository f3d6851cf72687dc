"""Canasta Score: a scorekeeping companion for real Canasta games."""

__version__ = "0.1.0"
