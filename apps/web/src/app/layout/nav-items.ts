import { IconBolt, IconCalendarEvent, IconFileText, IconHeart, IconSearch, type Icon } from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Exact match, so /events is not highlighted on /events/following. */
  end?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Search', to: '/search', icon: IconSearch },
  { label: 'Buzz', to: '/buzz', icon: IconBolt },
  { label: 'Events', to: '/events', icon: IconCalendarEvent, end: true },
  { label: 'Following', to: '/events/following', icon: IconHeart },
  { label: 'Documents', to: '/documents', icon: IconFileText },
];
