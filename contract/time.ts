// The product's time zone (SPEC.md, section 9): the session's expiry is measured in it, and the
// mails write their times in it, with its offset.
export const SESSION_TIME_ZONE = 'Asia/Phnom_Penh';
