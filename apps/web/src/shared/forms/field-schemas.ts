// The contract's field rules that the sign-in forms check as the user types. They bring zod and the
// phone-number metadata with them, so forms fetch this module on their first check rather than with
// the page: a first visit to the login page downloads neither.
export { codeField, emailField, passwordField, phoneField } from '@turing/contract';
