/** What the public site's incubator forms say and take, shared by the browser tests that fill them. */

/** Form A's messages for an empty submit, in field order. */
export const FORM_A_EMPTY_MESSAGES = [
  'First name must be at least 2 characters',
  'Last name must be at least 2 characters',
  'Please enter a valid email address',
  'Please enter a valid phone number',
  'Please describe your business idea in at least 50 characters',
  'You must agree to the attendance commitment',
  'You must accept the terms and conditions',
];

/** Form B's messages for an empty submit, in field order. */
export const FORM_B_EMPTY_MESSAGES = [
  'First name must be at least 2 characters',
  'Last name must be at least 2 characters',
  'Please enter a valid email address',
  'Please enter a valid phone number',
  'Please provide more details about your business idea',
  'Please describe your entrepreneurial experience',
  'Please share your goals for the program',
  'Please confirm your availability',
];

/** A valid form B, by field label. */
export const FORM_B_FILLED: Record<string, string> = {
  'First Name': 'Alan',
  'Last Name': 'Turing',
  'Email': 'alan@example.org',
  'Phone Number': '+44 20 7946 0958',
  'Business Idea': 'Codebreaking puzzles as a subscription box.',
  'Entrepreneurial Experience': 'Ran a chess club for five years.',
  'Goals for the Program': 'Launch and find 100 subscribers.',
  'Availability': 'Saturdays 10 AM, all 12 weeks.',
};
