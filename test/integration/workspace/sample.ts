// Placeholder source file for hover and command tests.
export const placeholder = 'no request id yet';
