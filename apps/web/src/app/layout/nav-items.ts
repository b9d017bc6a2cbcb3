import { IconBolt, IconCalendarEvent, IconFileText, IconHeart, IconHome, IconSearch, IconUsers, type Icon } from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Exact match, so /events is not highlighted on /events/following. */
  end?: boolean;
  /** Shown to visitors too; the others need a sign-in, and a visitor is not offered what only bounces to it. */
  public?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Home', to: '/dashboard', icon: IconHome, end: true },
  { label: 'Search', to: '/search', icon: IconSearch, public: true },
  { label: 'Buzz', to: '/buzz', icon: IconBolt },
  { label: 'Events', to: '/events', icon: IconCalendarEvent, end: true },
  { label: 'Following', to: '/events/following', icon: IconHeart },
  { label: 'Documents', to: '/documents', icon: IconFileText },
  { label: 'People', to: '/people', icon: IconUsers },
];

/** What the navigation offers: everything signed in, what a visitor can use otherwise. */
export function navItemsFor(signedIn: boolean): NavItem[] {
  return signedIn ? NAV_ITEMS : NAV_ITEMS.filter((item) => item.public);
}
