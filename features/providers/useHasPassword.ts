import { useAppSelector } from '../../store/hooks';
import { selectHasPassword } from './providersSlice';

/** Whether the account has a password (false: made by a provider), null while unknown. */
export function useHasPassword(): boolean | null {
  return useAppSelector(selectHasPassword);
}
