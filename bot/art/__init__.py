"""Pictures of the cards and the tables."""
