// The one RTK Query API of the app, from the core module (views dispatch; no hooks are needed).
// Every endpoint is a mutation triggered with
// `{ track: false }`: answers reach the store as actions that the feature slices decode, and no
// secret (password, token, code) is ever kept in the API cache.
// Verify is a GET declared as a mutation on purpose: each navigation must send its own request
// (a query would share one in-flight request between overlapping navigations and cache answers).
import { createApi } from '@reduxjs/toolkit/query';

import {
  API_PATHS,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type ConfirmEmailChangeBody,
  type ConfirmEmailChangeOk,
  type DeleteAccountBody,
  type EmailChangeOk,
  type LoginBody,
  type PlainOk,
  type RequestPasswordResetBody,
  type ResendActivationBody,
  type ResetPasswordBody,
  type RevokeOthersOk,
  type SessionOk,
  type SessionsOk,
  type SignupBody,
  type SignupOk,
  type VerifyAccountBody,
} from '../../contract/api';

import * as schemas from '../../contract/schemas';

import { baseQuery } from './baseQuery';

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // A success answer that does not match its schema is an unexpected answer, not a crash: the
  // form says something went wrong, and nothing unchecked reaches the store.
  catchSchemaFailure: (failure) => ({
    status: 'CUSTOM_ERROR' as const,
    error: `the answer does not match the contract (${failure.schemaName})`,
  }),
  endpoints: (build) => ({
    /** Arg: the key of the navigation this check belongs to. The answer is decoded by the caller. */
    verify: build.mutation<unknown, string>({
      query: () => ({ url: API_PATHS.verify, method: 'GET' }),
    }),
    signup: build.mutation<SignupOk, SignupBody>({
      query: (body) => ({ url: API_PATHS.signup, method: 'POST', body }),
      responseSchema: schemas.SignupOk,
    }),
    verifyAccount: build.mutation<SessionOk, VerifyAccountBody>({
      query: (body) => ({ url: API_PATHS.verifyAccount, method: 'POST', body }),
      responseSchema: schemas.SessionOk,
    }),
    resendActivation: build.mutation<PlainOk, ResendActivationBody>({
      query: (body) => ({ url: API_PATHS.resendActivation, method: 'POST', body }),
      responseSchema: schemas.PlainOk,
    }),
    login: build.mutation<SessionOk, LoginBody>({
      query: (body) => ({ url: API_PATHS.login, method: 'POST', body }),
      responseSchema: schemas.SessionOk,
    }),
    logout: build.mutation<PlainOk, void>({
      query: () => ({ url: API_PATHS.logout, method: 'POST' }),
      responseSchema: schemas.PlainOk,
    }),
    requestPasswordReset: build.mutation<PlainOk, RequestPasswordResetBody>({
      query: (body) => ({ url: API_PATHS.requestPasswordReset, method: 'POST', body }),
      responseSchema: schemas.PlainOk,
    }),
    resetPassword: build.mutation<SessionOk, ResetPasswordBody>({
      query: (body) => ({ url: API_PATHS.resetPassword, method: 'POST', body }),
      responseSchema: schemas.SessionOk,
    }),
    changePassword: build.mutation<PlainOk, ChangePasswordBody>({
      query: (body) => ({ url: API_PATHS.changePassword, method: 'POST', body }),
      responseSchema: schemas.PlainOk,
    }),
    changeEmail: build.mutation<PlainOk, ChangeEmailBody>({
      query: (body) => ({ url: API_PATHS.changeEmail, method: 'POST', body }),
      responseSchema: schemas.PlainOk,
    }),
    confirmEmailChange: build.mutation<ConfirmEmailChangeOk, ConfirmEmailChangeBody>({
      query: (body) => ({ url: API_PATHS.confirmEmailChange, method: 'POST', body }),
      responseSchema: schemas.ConfirmEmailChangeOk,
    }),
    /** The pending email change; a mutation like sessions: each visit to home asks afresh. */
    emailChange: build.mutation<EmailChangeOk, void>({
      query: () => ({ url: API_PATHS.emailChange, method: 'GET' }),
      responseSchema: schemas.EmailChangeOk,
    }),
    resendEmailChange: build.mutation<PlainOk, void>({
      query: () => ({ url: API_PATHS.resendEmailChange, method: 'POST' }),
      responseSchema: schemas.PlainOk,
    }),
    cancelEmailChange: build.mutation<PlainOk, void>({
      query: () => ({ url: API_PATHS.emailChange, method: 'DELETE' }),
      responseSchema: schemas.PlainOk,
    }),
    deleteAccount: build.mutation<PlainOk, DeleteAccountBody>({
      query: (body) => ({ url: API_PATHS.deleteAccount, method: 'POST', body }),
      responseSchema: schemas.PlainOk,
    }),
    /** A mutation for the same reason as verify: each visit to home asks afresh. */
    sessions: build.mutation<SessionsOk, void>({
      query: () => ({ url: API_PATHS.sessions, method: 'GET' }),
      responseSchema: schemas.SessionsOk,
    }),
    revokeOtherSessions: build.mutation<RevokeOthersOk, void>({
      query: () => ({ url: API_PATHS.revokeOtherSessions, method: 'POST' }),
      responseSchema: schemas.RevokeOthersOk,
    }),
    /** Arg: the session's id (never its token). */
    revokeSession: build.mutation<PlainOk, string>({
      query: (id) => ({
        url: API_PATHS.session.replace(':id', encodeURIComponent(id)),
        method: 'DELETE',
      }),
      responseSchema: schemas.PlainOk,
    }),
  }),
});

/** Options every trigger uses: see the comment at the top of this file. */
export const UNTRACKED = { track: false } as const;
