import { describe, expect, it, vi } from 'vitest';
import { retryingConflicts } from './transactions';

const failure = (code: string) => Object.assign(new Error(`pg ${code}`), { cause: { code } });

describe('retryingConflicts', () => {
  it('runs a transaction again after a deadlock or a serialization failure', async () => {
    const work = vi.fn().mockRejectedValueOnce(failure('40P01')).mockRejectedValueOnce(failure('40001')).mockResolvedValueOnce('hecho');
    await expect(retryingConflicts(work)).resolves.toBe('hecho');
    expect(work).toHaveBeenCalledTimes(3);
  });

  it('gives up after the last attempt and never retries other errors', async () => {
    const deadlocked = vi.fn().mockRejectedValue(failure('40P01'));
    await expect(retryingConflicts(deadlocked, 2)).rejects.toThrow('pg 40P01');
    expect(deadlocked).toHaveBeenCalledTimes(2);
    const duplicate = vi.fn().mockRejectedValue(failure('23505'));
    await expect(retryingConflicts(duplicate)).rejects.toThrow('pg 23505');
    expect(duplicate).toHaveBeenCalledTimes(1);
  });
});
