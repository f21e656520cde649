// What a security notice says of the change it is about, in the mail's language: the device it
// came from (its browser and system, as home's session list names them) and when, in the
// product's time zone with its offset (in the language's own digits, where it has them).
import type { FastifyRequest } from 'fastify';

import { describeDevice } from '../../contract/device';
import { SESSION_TIME_ZONE } from '../../contract/time';
import { mailLocale, type MailLanguage } from './language';
import { MAIL_WORDS } from './texts/index';

/** The values every security notice is written with. */
export interface NoticeValues {
  /** The account's name: the address has been confirmed. */
  name: string;
  device: string;
  time: string;
}

/** Where a change came from: the User-Agent and the moment (Unix ms) of its request. */
export interface ChangeOrigin {
  userAgent: string;
  atMs: number;
}

export function deviceName(language: MailLanguage, userAgent: string): string {
  const { browser, system } = describeDevice(userAgent);
  const words = MAIL_WORDS[language].device;
  if (browser && system)
    return words.both.replace('{browser}', browser).replace('{system}', system);
  return browser ?? system ?? words.unknown;
}

export function timeText(language: MailLanguage, atMs: number): string {
  return new Intl.DateTimeFormat(mailLocale(language), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: SESSION_TIME_ZONE,
    timeZoneName: 'short',
  }).format(atMs);
}

/** The request's device and moment, as a job that mails later keeps them. */
export function originOf(request: FastifyRequest): ChangeOrigin {
  const userAgent = request.headers['user-agent'];
  return {
    userAgent: (typeof userAgent === 'string' ? userAgent : '').slice(0, 512),
    atMs: request.server.clock.nowMs(),
  };
}

export function noticeValues(
  language: MailLanguage,
  name: string,
  origin: ChangeOrigin,
): NoticeValues {
  return {
    name,
    device: deviceName(language, origin.userAgent),
    time: timeText(language, origin.atMs),
  };
}
