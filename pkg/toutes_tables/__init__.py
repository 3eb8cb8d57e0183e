"""Toutes Tables: rules of Toutes Tables 225, Toutes tables (1698), Backgammon 225 and Backgammon."""

__version__ = "0.1.0"
