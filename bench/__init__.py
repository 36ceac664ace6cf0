"""Performance figures of the project, each measured beside its peer or floor."""
