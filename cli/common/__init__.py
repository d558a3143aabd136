"""What every front door shares: option bundles, output that reads at 40 columns, the
table option, the twin commands' machinery and the one-line error."""
