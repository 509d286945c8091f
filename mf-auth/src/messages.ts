// Every user-facing auth string of spec §5 and §8, in one table (STYLE.md "Errors and waiting").
// Strings the spec does not word are marked "(own wording)".
export const MESSAGES = {
  network: 'Network error. Please check your internet connection and try again.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',

  // /signup
  codeSendFailed: 'Failed to send verification code. Try again.',
  codeExpired: 'That code has expired. Please request a new one.',
  codeWrong: 'That code is not correct. Please try again.',
  codeGeneric: 'Invalid or expired code. Please try again.',
  codeIncomplete: 'Please enter all 6 digits of the code.', // (own wording) spec §5: exactly 6 digits
  resendFailed: 'Could not resend code.',
  signupStateLost: 'Please start the signup process again.',
  setPasswordFailed: 'Could not set password.',
  profileIncomplete: 'Your profile was incomplete. Please complete the signup process.',
  completeProfile: 'Please complete your profile to continue.',
  namesRequired: 'Please enter your first and last name.', // (own wording) spec §5
  passwordTooShort: 'Password must be at least 8 characters long.',
  // Which field Appwrite refused (issue 11) — (own wording) where the spec has no text.
  passwordTooLong: (max: number) => `Password must be at most ${max} characters long.`, // (own wording)
  passwordRefused: (reason: string) => `Password not accepted: ${reason}`, // (own wording)
  passwordPersonalData: 'Password must not contain your name, email or phone number.', // (own wording)
  passwordRecentlyUsed: 'Please choose a password you have not used recently.', // (own wording)
  passwordAlreadySet: 'This account already has a password. Enter that password to finish, or log in.', // (own wording)
  nameTooLong: (max: number) => `First and last name together must be at most ${max} characters.`, // (own wording)
  nameSaveFailed: 'Could not save your name.', // (own wording)
  agreementsFailed: 'Could not record your agreement to the terms and privacy policy. Please try again.', // (own wording)
  emailInvalid: 'Please enter a valid email address.', // (own wording) spec §5 "email type"
  creatingAccount: 'Creating your account…', // issue 11: waiting out spec §4's 5 s
  codeSent: (email: string) => `We sent a 6-digit code to ${email}.`, // (own wording)
  securityPhrase: (phrase: string) => `Security phrase: ${phrase}`, // (own wording)
  securityPhraseMeaning: "The email with your code shows the same phrase. If it differs, don't type the code.", // (own wording) issue 20
  resendIn: (seconds: number) => `Resend code in ${seconds}s`, // (own wording)
  alreadyExists: 'already exists',

  // /login
  incorrectPassword: 'Incorrect password',
  verifiedBanner: 'Your email has been verified. You can now log in.', // (own wording)
  unverifiedResent: 'Please verify your email before logging in. A new verification email has been sent to your inbox.',
  unverifiedResendFailed:
    'Please verify your email before logging in. There was an issue sending a new verification email.', // spec §8 "says there was an issue"
  needAnotherVerification: 'Need Another Verification Email?',
  verificationSent: 'Verification email sent! Check your inbox.',
  resetEmailSent: 'Password reset email sent successfully! Check your inbox.',
  resetEmailFailed: (reason: string) => `Failed to send password reset email: ${reason}`,
  loginFailed: 'Login failed. Please try again.', // (own wording)
  // issue 17: the automatic sign-out leads here with the therapist's limit.
  signedOutIdle: (minutes: number) => `You were signed out after ${minutes} minutes of inactivity.`,
  // issue 20: signed in, /login and /signup say so rather than end the session.
  signedInAs: (email: string) => `You're signed in as ${email}.`, // (own wording)
  checkingSession: 'Checking your session…', // (own wording)
  // issue 17: the code step of a login with two-step verification on — (own wording) where the issue has none.
  twoStepTitle: 'Two-step verification', // (own wording)
  totpPrompt: 'Enter the 6-digit code from your authenticator app',
  recoveryPrompt: 'Enter one of your recovery codes', // (own wording)
  recoveryHint: 'Each recovery code works once.', // (own wording)
  useRecoveryCode: 'Use a recovery code instead',
  useAuthenticator: 'Use your authenticator app instead', // (own wording)
  verifyCode: 'Verify', // (own wording)
  cancelSignIn: 'Cancel', // (own wording)
  totpIncomplete: 'Please enter the 6-digit code from your authenticator app.', // (own wording)
  recoveryIncomplete: 'Please enter a recovery code.', // (own wording)
  totpWrong: 'That code is not correct. Enter the code your authenticator app shows now.', // (own wording)
  recoveryWrong: 'That recovery code is not correct or has already been used.', // (own wording)
  twoStepRateLimited: 'Too many attempts. For your security, please wait up to an hour before trying again.', // (own wording)
  twoStepFailed: 'Could not check the code. Please try again.', // (own wording)

  // /verify-email
  verifying: 'Verifying your email…', // (own wording)
  verifySuccess: 'Your email has been verified! Redirecting…', // (own wording)
  verifyMissingParams: 'Invalid verification link: the user or secret is missing.', // (own wording) spec §8 "missing-parameters failure"
  alreadyVerified: 'Email already verified!',
  verifyLinkInvalid:
    'Verification link has expired or already been used. Please request a new verification email.',
  resendVerificationFailed: 'Failed to send verification email. Please try logging in.',
  // issue 20: signed out, a verification email needs a session: the login page sends one.
  loginToResend: "Log in and we'll send you a new verification email.", // (own wording)
  // issue 18: the signed-in, unverified therapist's waiting screen (spec §8 "Verification email from account").
  checkInbox: ['Open the verification link we sent to', 'to finish.'], // (own wording) around the address
  checkInboxHint: 'No email? Look in spam, send a new one, or correct the address.', // (own wording)
  verificationFailed: (reason: string) => `Failed to send verification email: ${reason}`,
  emailChanged: 'Email updated. Check your inbox to verify the new address.', // (own wording, as the account's)
  emailChangeFailed: (reason: string) => `Failed to update email: ${reason}`, // (own wording, as the account's)

  // /reset-password
  resetInvalidLink: 'Invalid reset link. Please request a new password reset.',
  resetExpiredLink: 'This reset link has expired. Please request a new password reset.',
  fillAllFields: 'Please fill in all fields.',
  passwordsMismatch: 'Passwords do not match.',
  resetFailed: 'Failed to reset password. Please try again.',
  resetSuccess: 'Your password has been reset. Redirecting to login…', // (own wording)
} as const;
