/** Word lists for the demo events; the seed combines them with real US cities. */
export const HOST_NAMES = [
  'Avery Brooks', 'Jordan Kim', 'Priya Raman', 'Marcus Bell', 'Sofia Alvarez', 'Ethan Walsh', 'Hana Sato', 'Luis Romero',
  'Grace Okonkwo', 'Noah Fischer', 'Amara Diallo', 'Caleb Turner', 'Ines Moreau', 'Tariq Haddad', 'Chloe Bennett', 'Mateo Silva',
  'Zoe Hartman', 'Kofi Mensah', 'Lena Novak', 'Owen Gallagher', 'Yuki Tanaka', 'Rosa Delgado', 'Samir Patel', 'Nadia Petrova',
];

export const VENUES = [
  'The Blue Room', 'Riverside Park', 'Union Hall', 'Main Street Plaza', 'Public Library', 'Old Mill Taproom', 'Community Center',
  'Lakeside Pavilion', 'The Foundry', 'Civic Auditorium', 'Greenway Commons', 'Harbor Warehouse', 'Maple Street Church Hall',
  'The Corner Stage', 'Art Collective', 'Botanical Garden', 'Fairgrounds', 'Rooftop Terrace', 'Makers Space', 'Central Station',
];

export const EVENT_TEMPLATES: Record<string, { names: string[]; tags: string[] }> = {
  Music: { names: ['Jazz Night', 'Open Mic', 'Indie Showcase', 'Symphony in the Park', 'Folk Jam', 'Vinyl DJ Set', 'Country Line Dance'], tags: ['Jazz', 'Rock', 'Folk', 'Electronic', 'Open Mic', 'Country', 'Classical'] },
  'Food & Drink': { names: ['Food Truck Rally', 'Wine Tasting', 'Craft Beer Festival', 'Farmers Market', 'Pasta Cooking Class', 'Sunday Brunch Club'], tags: ['Food Trucks', 'Wine Tasting', 'Craft Beer', 'Farmers Market', 'Cooking Class', 'Brunch'] },
  'Arts & Theatre': { names: ['Gallery Opening', 'Improv Comedy Night', 'Shakespeare Under the Stars', 'Poetry Slam', 'Pottery Workshop', 'Dance Recital'], tags: ['Gallery', 'Comedy', 'Theatre', 'Poetry', 'Crafts', 'Dance'] },
  'Sports & Fitness': { names: ['Sunrise 5K', 'Yoga in the Park', 'Community Bike Ride', 'Pickup Basketball', 'Bouldering Meetup'], tags: ['Running', 'Yoga', 'Cycling', 'Basketball', 'Climbing'] },
  Community: { names: ['Neighborhood Potluck', 'Volunteer Day', 'Pride Picnic', 'Town Hall Meetup', 'Block Party'], tags: ['Neighborhood', 'Volunteering', 'Pride', 'Meetup'] },
  Nightlife: { names: ['Trivia Night', 'Karaoke Party', 'Silent Disco', 'Late Night Market'], tags: ['Trivia', 'Karaoke', 'DJ Night', 'Late Night'] },
  'Family & Kids': { names: ['Storytime at the Library', 'Family Science Day', 'Kids Art Camp', 'Puppet Show'], tags: ['Storytime', 'Science Fair', 'Family Day'] },
  'Business & Networking': { names: ['Startup Pitch Night', 'Career Fair', 'Small Business Workshop', 'Founders Breakfast'], tags: ['Startups', 'Career Fair', 'Workshop'] },
  Education: { names: ['Book Club', 'History Walk', 'Language Exchange', 'Astronomy Lecture'], tags: ['Book Club', 'History', 'Language Exchange', 'Lecture'] },
  Outdoors: { names: ['Guided Hike', 'Community Garden Day', 'Birdwatching Walk', 'Kayak Paddle'], tags: ['Hiking', 'Gardening', 'Birdwatching', 'Kayaking'] },
  Technology: { names: ['Hackathon', 'AI Meetup', 'Web Dev Study Group', 'Retro Gaming Night'], tags: ['Hackathon', 'AI', 'Web Development', 'Gaming'] },
  'Film & Media': { names: ['Outdoor Movie Night', 'Photo Walk', 'Indie Film Screening'], tags: ['Film Screening', 'Photography'] },
  'Markets & Fairs': { names: ['Flea Market', 'Holiday Craft Fair', 'Street Fair', 'Night Bazaar'], tags: ['Flea Market', 'Craft Fair', 'Street Fair', 'Holiday Market'] },
  'Charity & Causes': { names: ['Charity Fun Run', 'Blood Drive', 'River Clean-up', 'Fundraising Gala'], tags: ['Fundraiser', 'Blood Drive', 'Clean-up'] },
};

/** Gradient pairs for the generated thumbnails, one per category. */
export const CATEGORY_COLOURS: Record<string, [string, string]> = {
  Music: ['#7048e8', '#e64980'],
  'Food & Drink': ['#f76707', '#fab005'],
  'Arts & Theatre': ['#ae3ec9', '#4263eb'],
  'Sports & Fitness': ['#2f9e44', '#1098ad'],
  Community: ['#1c7ed6', '#74c0fc'],
  Nightlife: ['#212529', '#7048e8'],
  'Family & Kids': ['#fcc419', '#ff8787'],
  'Business & Networking': ['#364fc7', '#15aabf'],
  Education: ['#0b7285', '#94d82d'],
  Outdoors: ['#2b8a3e', '#a9e34b'],
  Technology: ['#1864ab', '#9775fa'],
  'Film & Media': ['#c92a2a', '#343a40'],
  'Markets & Fairs': ['#e8590c', '#d6336c'],
  'Charity & Causes': ['#e03131', '#f783ac'],
};

/** Main IANA zone of each state; good enough for demo wall clocks. */
export const STATE_TIME_ZONES: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles',
  CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York',
  GA: 'America/New_York', HI: 'Pacific/Honolulu', ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago', MS: 'America/Chicago',
  MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago',
  OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver',
  VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles', WV: 'America/New_York', WI: 'America/Chicago',
  WY: 'America/Denver',
};
