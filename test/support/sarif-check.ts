import { readFileSync } from 'node:fs';
import { sarifValidator } from './sarif.js';

// Reads a SARIF log on standard input and prints its schema errors as JSON (see `sarifErrors`).
const validate = sarifValidator();
const log: unknown = JSON.parse(readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(validate(log) ? [] : (validate.errors ?? [])));
