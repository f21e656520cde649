import { useAppSelector } from '../../store/hooks';
import { selectPasskeyList } from './passkeysSlice';

/** How many passkeys the account has, once the list is loaded (null before). */
export function usePasskeyCount(): number | null {
  const list = useAppSelector(selectPasskeyList);
  return list.status === 'loaded' ? list.items.length : null;
}
