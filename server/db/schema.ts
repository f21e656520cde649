// Table shapes as Kysely sees them. Times are Unix seconds, except createdAt texts (ISO-8601).
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  activated_at: number | null;
  created_at: string;
}

export interface ActivationCodesTable {
  user_id: string;
  code_hash: string;
  salt: string;
  expires_at: number;
  attempts: Generated<number>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  expires_at: number;
  created_at: number;
}

export interface RegistrationsTable {
  id: string;
  user_id: string;
  name: string;
  password_hash: string;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  activation_codes: ActivationCodesTable;
  sessions: SessionsTable;
  registrations: RegistrationsTable;
}
