// Shared helpers for the compatibility tests: clients configured for the
// daybase instance that run.mjs started.
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

export const url = process.env.DAYBASE_URL;
export const anonKey = process.env.DAYBASE_ANON_KEY;
export const serviceRoleKey = process.env.DAYBASE_SERVICE_ROLE_KEY;

if (!url || !anonKey) {
  throw new Error('run the suite with `npm test` (run.mjs starts daybase and sets DAYBASE_URL)');
}

// A fresh client with in-memory session storage, as a second browser tab
// would be. Node 20 has no global WebSocket, so realtime gets `ws`.
export function client(key = anonKey, options = {}) {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket },
    ...options,
  });
}

export function serviceClient() {
  return client(serviceRoleKey);
}

// A unique e-mail per call, so tests never collide.
let seq = 0;
export function uniqueEmail(prefix = 'user') {
  seq += 1;
  return `${prefix}-${Date.now().toString(36)}-${seq}@example.test`;
}
