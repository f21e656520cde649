import { randomBytes } from 'node:crypto';

import { Redis } from 'ioredis';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function testRedisPrefix(): string {
  return `test-${randomBytes(6).toString('hex')}:`;
}

export async function deleteRedisPrefix(prefix: string): Promise<number> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    return keys.length;
  } finally {
    redis.disconnect();
  }
}

export async function requireRedis(): Promise<void> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(
      `Redis is not reachable at ${REDIS_URL}: start it with \`redis-server --daemonize yes\` (${String(error)})`,
    );
  } finally {
    redis.disconnect();
  }
}
