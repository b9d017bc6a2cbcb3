/** The starting categories of a tenant, each with a few tags hosts commonly use. */
export const CATEGORY_CATALOGUE: Record<string, string[]> = {
  Music: ['Jazz', 'Rock', 'Hip-Hop', 'Classical', 'Folk', 'Electronic', 'Open Mic', 'Country'],
  'Food & Drink': ['Food Trucks', 'Wine Tasting', 'Craft Beer', 'Farmers Market', 'Cooking Class', 'Brunch'],
  'Arts & Theatre': ['Theatre', 'Gallery', 'Comedy', 'Dance', 'Poetry', 'Crafts'],
  'Sports & Fitness': ['Running', 'Yoga', 'Cycling', 'Basketball', 'Soccer', 'Climbing'],
  Community: ['Volunteering', 'Meetup', 'Neighborhood', 'Faith', 'Pride'],
  Nightlife: ['DJ Night', 'Karaoke', 'Trivia', 'Late Night'],
  'Family & Kids': ['Storytime', 'Playground', 'Science Fair', 'Family Day'],
  'Business & Networking': ['Startups', 'Career Fair', 'Workshop', 'Conference'],
  Education: ['Lecture', 'Book Club', 'Language Exchange', 'History'],
  Outdoors: ['Hiking', 'Gardening', 'Birdwatching', 'Camping', 'Kayaking'],
  Technology: ['Hackathon', 'AI', 'Web Development', 'Gaming'],
  'Film & Media': ['Film Screening', 'Photography', 'Podcast'],
  'Markets & Fairs': ['Flea Market', 'Craft Fair', 'Street Fair', 'Holiday Market'],
  'Charity & Causes': ['Fundraiser', 'Blood Drive', 'Clean-up'],
};
