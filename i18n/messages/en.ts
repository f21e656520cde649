// The English pack: bundled with the app, and the fallback for every other pack.
export const en = {
  'app.name': 'Accounts',
  'app.skipToContent': 'Skip to main content',
  'language.label': 'Language',

  'field.name.label': 'Name',
  'field.email.label': 'Email',
  'field.password.label': 'Password',
  'field.newPassword.hint': 'At least {min} characters.',
  'field.code.label': 'Activation code',
  'field.code.hint': 'The 6 digits from the email we sent you.',
  'password.show': 'Show password',
  'password.hide': 'Hide password',

  'fieldError.required.name': 'Enter your name.',
  'fieldError.required.email': 'Enter your email address.',
  'fieldError.required.password': 'Enter your password.',
  'fieldError.required.code': 'Enter the 6-digit code.',
  'fieldError.invalidEmail': 'Enter an email address like name@example.com.',
  'fieldError.tooShort': 'Use at least {min} characters.',
  'fieldError.tooLong': 'Use at most {max} characters.',
  'fieldError.commonPassword': 'This password is too common. Choose one that is harder to guess.',
  'fieldError.invalidCodeFormat': 'The code is 6 digits, like 123456.',

  'requestError.validation': 'Some details need fixing: see the message under each field.',
  'requestError.rateLimited': 'Too many attempts. Please wait a minute, then try again.',
  'requestError.invalidCode':
    'That code is wrong, has expired or was already used. Check the latest email, or ask for a new code.',
  'requestError.invalidCredentials': 'The email or the password is not right.',
  'requestError.accountNotActivated': 'This account is not activated yet.',
  'requestError.invalidToken': 'Your session has ended. Please log in again.',
  'requestError.network': 'We could not reach the server. Check your connection and try again.',
  'requestError.timeout': 'The server took too long to answer. Please try again.',
  'requestError.server': 'Something went wrong on our side. Please try again in a moment.',
  'requestError.unexpected': 'Something unexpected happened. Please try again.',

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

  'signup.title': 'Create your account',
  'signup.intro': 'We will email you a 6-digit code to activate it.',
  'signup.submit': 'Sign up',
  'signup.submitting': 'Signing up…',
  'signup.haveAccount': 'Already have an account?',
  'signup.loginLink': 'Log in',
  'signup.haveCode': 'Got an activation code?',
  'signup.activationLink': 'Activate your account',

  'activation.title': 'Activate your account',
  'activation.intro': 'Enter the 6-digit code from the email we sent you.',
  'activation.sentTo': 'We sent a 6-digit code to {email}.',
  'activation.submit': 'Activate',
  'activation.submitting': 'Activating…',
  'activation.noCode': 'No code yet?',
  'activation.signupLink': 'Create an account',
  'activation.loginLink': 'Back to log in',

  'resend.button': 'Send a new code',
  'resend.sending': 'Sending…',
  'resend.sent': 'We sent a new code to {email}.',
  'resend.wait':
    'You can ask for another code in {seconds, plural, one {# second} other {# seconds}}.',

  'home.title': 'Your account',
  'home.greeting': 'Hello, {name}',
  'home.name': 'Name',
  'home.email': 'Email',
  'home.sessionEnds': 'Session ends',
  'home.sessionEndsUnknown': 'Not known',
  'home.logout': 'Log out',
  'home.loggingOut': 'Logging out…',
} as const satisfies Record<string, string>;

export type MessageId = keyof typeof en;
