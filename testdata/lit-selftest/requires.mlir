// Self-test of tile-lit: a test needing a feature nobody enables is skipped
// (counted as unsupported), so this RUN line is never run.
// REQUIRES: nonexistent-feature
// RUN: this-command-does-not-exist
