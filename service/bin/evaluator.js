#!/usr/bin/env node
// Shim so the bin exists at install time; `npm ci` builds dist/ in the root `prepare` script.
import '../dist/cli/main.js';
