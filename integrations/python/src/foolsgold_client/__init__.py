"""Client for the foolsgold reward server, and reward functions for verl (foolsgold_client.verl),
TRL (foolsgold_client.trl) and atropos (foolsgold_client.atropos). Standard library only."""
from .client import FoolsgoldClient, ScoringError, default_client, failure_count, jsonable, new_request_id, score_rows, term_values

__all__ = ["FoolsgoldClient", "ScoringError", "default_client", "failure_count", "jsonable", "new_request_id", "score_rows", "term_values"]
__version__ = "0.2.0"
