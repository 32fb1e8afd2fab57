#!/usr/bin/env bash
# Installs the harness (this repository, found at $HARNESS) with the scikit-learn minor
# $SKLEARN, into the running Python.
set -euo pipefail
python -m pip install --quiet --upgrade pip
python -m pip install --quiet -e "$HARNESS[test]" "scikit-learn~=${SKLEARN}.0"
