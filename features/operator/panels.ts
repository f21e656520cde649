// The console's panels, in the order its navigation lists them. A panel is one line here: its id
// (the address's `?panel=`), its title's message id and its component (a `lazyPart` for a panel
// that brings a large chunk of its own). Its words go in its own pack beside the console's.
import type { ComponentType } from 'react';

import type { MessageId } from '../../i18n/messages/en';
import { AddressPanel } from './AddressPanel';
import { FUNNEL_PANEL } from './funnelListeners';
import { FunnelPanel } from './FunnelPanel';
import { FIRST_PANEL } from './location';

import { ReferencePanel } from './ReferencePanel';
import { UsersPanel } from './UsersPanel';

export interface OperatorPanelEntry {
  id: string;
  title: MessageId;
  Panel: ComponentType;
}

export const OPERATOR_PANELS: readonly OperatorPanelEntry[] = [
  { id: FIRST_PANEL, title: 'operator.panel.users', Panel: UsersPanel },
  { id: 'address', title: 'operator.panel.address', Panel: AddressPanel },
  { id: 'reference', title: 'operator.panel.reference', Panel: ReferencePanel },
  { id: FUNNEL_PANEL, title: 'operator.panel.funnel', Panel: FunnelPanel },
];

/** The panel the address names; the first for an unknown name. */
export function panelOf(id: string): OperatorPanelEntry {
  return OPERATOR_PANELS.find((panel) => panel.id === id) ?? OPERATOR_PANELS[0]!;
}
