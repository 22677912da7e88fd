// Requiring this package throws, exactly as if the optional add-on had failed to build.
// superstatic (through firebase-tools) then uses JavaScript RegExp instead of re2, and ssh2
// (through testcontainers) skips its CPU-feature cipher ordering. See docs/operations.md#install-time.
throw new Error('optional native add-on not installed (stubbed by the root package.json overrides)');
