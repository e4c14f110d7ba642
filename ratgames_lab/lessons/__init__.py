"""What the lessons use beyond the games' engines: ``check(exercise, answer)`` for exercises that check themselves."""
from .check import CheckError, Verdict, check

__all__ = ["CheckError", "Verdict", "check"]
