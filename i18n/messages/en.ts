// The English pack: bundled with the app, and the fallback for every other pack.
export const en = {
  'app.skipToContent': 'Skip to main content',
  'wait.loading': 'Loading…',
  'wait.progress': 'Waiting for the server',
  'wait.slow': 'The server is slow to answer. Please wait a moment…',
  'view.failed.title': 'This page could not load',
  'view.failed.load':
    'Check your connection, then try again. We also try again by ourselves as soon as you are back online.',
  'view.failed.render': 'Something went wrong while showing it. Please try again.',
  'view.failed.retry': 'Try again',
  'notice.dismiss': 'Dismiss',
  'notice.sessionEnded':
    'Your session was ended on another device, or it expired. Log in again to continue.',
  'notice.activated': 'Your account is activated. Welcome!',
  'notice.passwordReset': 'Your new password is saved, and you are logged in.',
  'notice.passwordResetNeedsCode':
    'Your new password is saved. Enter the code from your authenticator app to log in.',
  'notice.accountDeleted':
    'Your account was deleted. You can sign up again with the same email whenever you like.',
  'notice.loggedOut': 'You are logged out.',
  'notice.activationLinkWhileSignedIn':
    'You are already logged in, so the activation link was not needed. To activate another account, log out first.',
  'notice.resetLinkWhileSignedIn':
    'You are already logged in, so the password reset link was not used. To change your password, use the form below; for another account, log out first.',
  'notice.signInAgain':
    'The sign-in took too long or was already finished. Please enter your email and password again.',
  'notice.operatorsOnly':
    'The support console is for operators only, so you are back on your account page.',
  'language.label': 'Language',

  'field.email.label': 'Email',
  'field.password.label': 'Password',
  'password.show': 'Show password',
  'password.hide': 'Hide password',

  'fieldError.required.email': 'Enter your email address.',
  'fieldError.required.password': 'Enter your password.',
  'fieldError.required.code': 'Enter the 6-digit code.',
  'fieldError.required.recoveryCode': 'Enter a recovery code.',
  'fieldError.invalidEmail': 'Enter an email address like name@example.com.',
  'fieldError.tooLong': 'Use at most {max} characters.',
  'fieldError.invalidCodeFormat': 'The code is 6 digits, like 123456.',

  'requestError.validation': 'Some details need fixing: see the message under each field.',
  'requestError.rateLimited': 'Too many attempts. Please wait a minute, then try again.',
  'requestError.rateLimitedFor':
    'Too many attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'requestError.codeBudgetSpent':
    'Too many wrong codes were tried for this email, so a typed code is refused. Open the link in the latest email we sent you: it still works.',
  'requestError.invalidCode':
    'That code is wrong, has expired or was already used. Check the latest email, or ask for a new code.',
  'requestError.passwordNotChosen':
    'That code is right, but this is not the password chosen at sign-up. Try it again, or choose a new password.',
  'requestError.invalidCredentials': 'The email or the password is not right.',
  'requestError.accountNotActivated': 'This account is not activated yet.',
  'requestError.accountLocked': 'This account is locked: contact {contact}.',
  'requestError.forbidden': 'Only an operator may do this.',
  'requestError.invalidToken': 'Your session has ended. Please log in again.',
  'requestError.network': 'We could not reach the server. Check your connection and try again.',
  'requestError.timeout': 'The server took too long to answer. Please try again.',
  'requestError.server': 'Something went wrong on our side. Please try again in a moment.',
  'requestError.unexpected': 'Something unexpected happened. Please try again.',
  'requestError.confirmationRequired': 'For your safety, confirm it is you first.',

  'login.title': 'Log in',
  'login.intro': 'Welcome back. Enter your email and password.',
  'login.submit': 'Log in',
  'login.submitting': 'Logging in…',
  'login.noAccount': 'No account yet?',
  'login.signupLink': 'Sign up',
  'login.haveCode': 'Got an activation code?',
  'login.activationLink': 'Activate your account',
  'login.notActivated':
    'Your account is not activated yet. Enter the 6-digit code we emailed to {email}, or ask for a new one.',
  'login.enterCodeLink': 'Enter the code',
  'login.forgotLink': 'Forgot your password?',
  'login.emailCodeIntro':
    'To confirm your new email address, log in first. Then the code from the email is filled in for you.',

  'resend.button': 'Send a new code',
  'resend.sending': 'Sending…',
  'resend.sent': 'We sent a new code to {email}.',
  'resend.wait':
    'You can ask for another code in {seconds, plural, one {# second} other {# seconds}}.',

  'help.toggle': 'Help',
  'help.intro':
    'Something not working? Support can see what happened from the activity log of this page.',
  'help.logHolds':
    'The log holds the steps you took here and the error codes the server answered. It never holds passwords, codes or tokens, and names and email addresses in it are masked.',
} as const satisfies Record<string, string>;

/**
 * The ids of the words a part brings in its own chunk (put beside the app's by WithWords), by
 * part: each part's words file adds its own here (`declare module`), so this pack names no part.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PartMessageIds {}

/** The app's words, and those of parts that bring their own. */
export type MessageId = keyof typeof en | PartMessageIds[keyof PartMessageIds];
