/** Word lists for the demo events; the seed combines them with real US cities. */
/** The demo's hosts: who they are, where they live, and the kinds of events they put on. */
export const HOSTS: { name: string; location: string; bio: string; categories: string[] }[] = [
  { name: 'Avery Brooks', location: 'Nashville, TN', bio: 'Booker for small venues. Jazz on Tuesdays, folk on Sundays, and a songwriters night whenever I can.', categories: ['Music'] },
  { name: 'Jordan Kim', location: 'Seattle, WA', bio: 'Runs a DJ collective and a silent disco that tours all summer.', categories: ['Nightlife', 'Music'] },
  { name: 'Priya Raman', location: 'San Jose, CA', bio: 'Organiser of the AI meetup and a weekend hackathon for first-timers.', categories: ['Technology', 'Business & Networking'] },
  { name: 'Marcus Bell', location: 'Atlanta, GA', bio: 'Pitch nights, founders breakfasts and career fairs: I connect people who build things.', categories: ['Business & Networking'] },
  { name: 'Sofia Alvarez', location: 'San Antonio, TX', bio: 'Chef and cooking teacher. Pasta classes, brunch clubs and the odd food truck rally.', categories: ['Food & Drink'] },
  { name: 'Ethan Walsh', location: 'Denver, CO', bio: 'Trail runner and ride leader. If it happens outside at sunrise, I am probably there.', categories: ['Sports & Fitness', 'Outdoors'] },
  { name: 'Hana Sato', location: 'Portland, OR', bio: 'Potter and printmaker; I host workshops and gallery nights for local makers.', categories: ['Arts & Theatre'] },
  { name: 'Luis Romero', location: 'Phoenix, AZ', bio: 'Flea markets, street fairs and night bazaars across the Southwest.', categories: ['Markets & Fairs'] },
  { name: 'Grace Okonkwo', location: 'Houston, TX', bio: 'Volunteer coordinator: clean-ups, blood drives and fun runs for good causes.', categories: ['Charity & Causes', 'Community'] },
  { name: 'Noah Fischer', location: 'Minneapolis, MN', bio: 'Librarian. Book clubs, storytimes and lectures for curious people of every age.', categories: ['Education', 'Family & Kids'] },
  { name: 'Amara Diallo', location: 'Philadelphia, PA', bio: 'Neighbourhood organiser: potlucks, block parties and town hall meetups.', categories: ['Community'] },
  { name: 'Caleb Turner', location: 'Columbus, OH', bio: 'Quizmaster and karaoke host four nights a week.', categories: ['Nightlife'] },
  { name: 'Ines Moreau', location: 'New Orleans, LA', bio: 'Theatre director; Shakespeare in the park every summer, improv all year.', categories: ['Arts & Theatre'] },
  { name: 'Tariq Haddad', location: 'Detroit, MI', bio: 'Indie film programmer and photographer; screenings with the directors whenever possible.', categories: ['Film & Media'] },
  { name: 'Chloe Bennett', location: 'Charlotte, NC', bio: 'Science teacher by day, family science days and kids camps on weekends.', categories: ['Family & Kids', 'Education'] },
  { name: 'Mateo Silva', location: 'Miami, FL', bio: 'Wine importer hosting tastings with the growers we work with.', categories: ['Food & Drink'] },
  { name: 'Zoe Hartman', location: 'Boston, MA', bio: 'Yoga teacher and climbing coach.', categories: ['Sports & Fitness'] },
  { name: 'Kofi Mensah', location: 'Baltimore, MD', bio: 'Brewer; I organise the craft beer festival and the occasional late night market.', categories: ['Food & Drink', 'Nightlife'] },
  { name: 'Lena Novak', location: 'Milwaukee, WI', bio: 'Naturalist leading birdwatching walks, guided hikes and garden days.', categories: ['Outdoors'] },
  { name: 'Owen Gallagher', location: 'Pittsburgh, PA', bio: 'Indie promoter: three bands a night, all local, all loud.', categories: ['Music'] },
  { name: 'Yuki Tanaka', location: 'San Francisco, CA', bio: 'Web developer running a study group and a retro gaming night.', categories: ['Technology'] },
  { name: 'Rosa Delgado', location: 'Albuquerque, NM', bio: 'Craft fair organiser and holiday market lover.', categories: ['Markets & Fairs'] },
  { name: 'Samir Patel', location: 'Dallas, TX', bio: 'Language exchange host and history walk guide.', categories: ['Education', 'Film & Media'] },
  { name: 'Nadia Petrova', location: 'Las Vegas, NV', bio: 'Gala and charity event planner.', categories: ['Charity & Causes', 'Arts & Theatre'] },
];

export const VENUES = [
  'The Blue Room', 'Riverside Park', 'Union Hall', 'Main Street Plaza', 'Public Library', 'Old Mill Taproom', 'Community Center',
  'Lakeside Pavilion', 'The Foundry', 'Civic Auditorium', 'Greenway Commons', 'Harbor Warehouse', 'Maple Street Church Hall',
  'The Corner Stage', 'Art Collective', 'Botanical Garden', 'Fairgrounds', 'Rooftop Terrace', 'Makers Space', 'Central Station',
];

/** One kind of demo event: its name, the tag that says what it is, an icon for its thumbnail, and what happens there. */
export interface EventTemplate {
  name: string;
  tag: string;
  /** A Tabler outline icon (MIT), drawn on the thumbnail. */
  icon: string;
  blurb: string;
}

const t = (name: string, tag: string, icon: string, blurb: string): EventTemplate => ({ name, tag, icon, blurb });

/** Each category's events; name, tag, thumbnail and description tell the same story. */
export const EVENT_TEMPLATES: Record<string, EventTemplate[]> = {
  Music: [
    t('Jazz Night', 'Jazz', 'music', 'A trio plays standards and originals; the last set is an open jam for any horn player brave enough.'),
    t('Open Mic', 'Open Mic', 'microphone-2', 'Sign up at the door for a ten-minute slot: songs, poems and the odd comedy bit, all levels welcome.'),
    t('Indie Showcase', 'Rock', 'guitar-pick', 'Three local bands, one stage: loud guitars, new songs and merch tables run by the bands themselves.'),
    t('Symphony in the Park', 'Classical', 'music', 'The community orchestra plays Dvořák and film scores on the lawn. Bring a blanket and a picnic.'),
    t('Folk Jam', 'Folk', 'guitar-pick', 'A circle of fiddles, banjos and guitars; bring an instrument or just your voice for the choruses.'),
    t('Vinyl DJ Set', 'Electronic', 'vinyl', 'Deep house and disco from original records, spun back to back by two local collectors.'),
    t('Country Line Dance', 'Country', 'horseshoe', 'A caller teaches the steps for the first hour, then the band plays on and the floor fills up.'),
  ],
  'Food & Drink': [
    t('Food Truck Rally', 'Food Trucks', 'truck', 'A dozen food trucks park side by side: tacos, dumplings, barbecue and ice cream, with picnic tables and music.'),
    t('Wine Tasting', 'Wine Tasting', 'glass-full', 'Taste six wines from small vineyards with the winemakers, paired with local cheese and bread.'),
    t('Craft Beer Festival', 'Craft Beer', 'beer', 'Pour after pour from twenty local breweries, with food stands and a live band. ID required at the gate.'),
    t('Farmers Market', 'Farmers Market', 'carrot', 'Fresh produce, eggs, honey and baked goods straight from the farms around town. Bring your own bags.'),
    t('Pasta Cooking Class', 'Cooking Class', 'chef-hat', 'Make fresh pasta from scratch with a chef: knead, roll and cut tagliatelle, then eat what you made.'),
    t('Sunday Brunch Club', 'Brunch', 'coffee', 'A long table, bottomless coffee and pancakes; a good way to meet neighbours on a slow Sunday.'),
  ],
  'Arts & Theatre': [
    t('Gallery Opening', 'Gallery', 'palette', 'Meet the artists at the opening night of a new exhibition of paintings and prints by local makers.'),
    t('Improv Comedy Night', 'Comedy', 'mood-happy', 'The house team makes up scenes from your suggestions. No two nights are the same.'),
    t('Shakespeare Under the Stars', 'Theatre', 'masks-theater', 'A free outdoor performance of A Midsummer Night\'s Dream. Chairs are limited: bring a blanket.'),
    t('Poetry Slam', 'Poetry', 'feather', 'Poets get three minutes each and the audience scores them. Sign up to read or just come to listen.'),
    t('Pottery Workshop', 'Crafts', 'brush', 'Learn to centre clay on the wheel and throw a bowl; glazing and firing included, no experience needed.'),
    t('Dance Recital', 'Dance', 'confetti', 'Students of the local dance school perform ballet, tap and hip hop in their end-of-season show.'),
  ],
  'Sports & Fitness': [
    t('Sunrise 5K', 'Running', 'run', 'An easy, untimed 5K loop at sunrise, with coffee at the finish. Walkers and strollers welcome.'),
    t('Yoga in the Park', 'Yoga', 'yoga', 'An hour of gentle flow on the grass led by a certified teacher. Bring a mat and water.'),
    t('Community Bike Ride', 'Cycling', 'bike', 'A no-drop ride on quiet streets and trails at a social pace; helmets required, lights recommended.'),
    t('Pickup Basketball', 'Basketball', 'ball-basketball', 'Full-court pickup games, teams picked on the spot. All levels, just bring your sneakers.'),
    t('Bouldering Meetup', 'Climbing', 'mountain', 'Climb with others at the gym; beginners get a short intro to the problems and to falling safely.'),
  ],
  Community: [
    t('Neighborhood Potluck', 'Neighborhood', 'tools-kitchen-2', 'Bring a dish to share and meet the people on your street. Plates, music and lawn games provided.'),
    t('Volunteer Day', 'Volunteering', 'heart-handshake', 'Paint, plant and repair with neighbours at the community centre. Tools and lunch provided.'),
    t('Pride Picnic', 'Pride', 'rainbow', 'A relaxed afternoon picnic with music, games and food for the whole LGBTQ+ community and friends.'),
    t('Town Hall Meetup', 'Meetup', 'building-community', 'Hear what the city plans for the neighbourhood and ask the council members your questions.'),
    t('Block Party', 'Neighborhood', 'confetti', 'The street closes to cars for an afternoon of music, chalk art, a bouncy castle and a grill.'),
  ],
  Nightlife: [
    t('Trivia Night', 'Trivia', 'bulb', 'Teams of up to six battle over six rounds of general knowledge. Prizes for the winners and the best team name.'),
    t('Karaoke Party', 'Karaoke', 'microphone', 'Thousands of songs and a real sound system: pick your anthem and take the stage.'),
    t('Silent Disco', 'DJ Night', 'headphones', 'Three DJs, three channels, one pair of wireless headphones each. Switch channels and dance.'),
    t('Late Night Market', 'Late Night', 'moon-stars', 'Street food, vintage stalls and live music under string lights until midnight.'),
  ],
  'Family & Kids': [
    t('Storytime at the Library', 'Storytime', 'book', 'Picture books, songs and rhymes for children up to six, with a craft to take home.'),
    t('Family Science Day', 'Science Fair', 'flask', 'Hands-on experiments for kids and parents: slime, rockets, magnets and a planetarium show.'),
    t('Kids Art Camp', 'Family Day', 'palette', 'A morning of painting, collage and clay for ages six to twelve. Aprons and materials provided.'),
    t('Puppet Show', 'Family Day', 'puzzle', 'A travelling puppet theatre performs a fairy tale, then shows the kids how the puppets work.'),
  ],
  'Business & Networking': [
    t('Startup Pitch Night', 'Startups', 'presentation', 'Five founders pitch to a panel of local investors; the audience votes for its favourite.'),
    t('Career Fair', 'Career Fair', 'briefcase', 'Meet recruiters from thirty local employers; bring copies of your résumé.'),
    t('Small Business Workshop', 'Workshop', 'tool', 'A practical session on bookkeeping, taxes and marketing for people running a small business.'),
    t('Founders Breakfast', 'Startups', 'coffee', 'Coffee, pastries and honest conversation among people building companies in town.'),
  ],
  Education: [
    t('Book Club', 'Book Club', 'books', 'This month\'s novel is discussed over tea; new members are welcome even if they have not finished it.'),
    t('History Walk', 'History', 'building-castle', 'A local historian leads a two-hour walk past the buildings and stories that shaped downtown.'),
    t('Language Exchange', 'Language Exchange', 'language', 'Practise Spanish, French, German or English with native speakers, fifteen minutes per language.'),
    t('Astronomy Lecture', 'Lecture', 'telescope', 'An astronomer talks about the planets in tonight\'s sky; telescopes on the roof afterwards if it is clear.'),
  ],
  Outdoors: [
    t('Guided Hike', 'Hiking', 'trees', 'A moderate five-mile hike with a naturalist guide. Wear good shoes and bring water.'),
    t('Community Garden Day', 'Gardening', 'plant', 'Plant, weed and harvest together in the community garden; take home some vegetables.'),
    t('Birdwatching Walk', 'Birdwatching', 'feather', 'An early walk with the local Audubon group; binoculars available to borrow.'),
    t('Kayak Paddle', 'Kayaking', 'kayak', 'A guided two-hour paddle on calm water; kayaks, paddles and life jackets provided.'),
  ],
  Technology: [
    t('Hackathon', 'Hackathon', 'code', 'Build something in a weekend with a team; food, wifi and mentors provided, demos on Sunday.'),
    t('AI Meetup', 'AI', 'robot', 'Two short talks on machine learning in practice, then questions and pizza.'),
    t('Web Dev Study Group', 'Web Development', 'code', 'Work through a JavaScript course together; bring a laptop and your questions.'),
    t('Retro Gaming Night', 'Gaming', 'device-gamepad-2', 'Classic consoles on old TVs: tournaments, couch co-op and free play all evening.'),
  ],
  'Film & Media': [
    t('Outdoor Movie Night', 'Film Screening', 'movie', 'A family classic on a big inflatable screen at dusk; popcorn for sale, bring chairs.'),
    t('Photo Walk', 'Photography', 'camera', 'Explore the city with other photographers and trade tips on light and composition; any camera works.'),
    t('Indie Film Screening', 'Film Screening', 'movie', 'An award-winning independent film, followed by a Q&A with its director.'),
  ],
  'Markets & Fairs': [
    t('Flea Market', 'Flea Market', 'shopping-bag', 'Vintage clothes, vinyl, books and furniture from a hundred stalls. Come early for the best finds.'),
    t('Holiday Craft Fair', 'Holiday Market', 'gift', 'Handmade gifts from local makers: candles, ceramics, jewellery and knitwear, with hot cider.'),
    t('Street Fair', 'Street Fair', 'building-store', 'Stalls, food and live music fill Main Street for a day of shopping and people-watching.'),
    t('Night Bazaar', 'Craft Fair', 'moon-stars', 'Makers and food vendors under lanterns after dark, with a DJ and a fire-dancing show.'),
  ],
  'Charity & Causes': [
    t('Charity Fun Run', 'Fundraiser', 'run', 'A 5K fun run in costume; every entry fee goes to the children\'s hospital.'),
    t('Blood Drive', 'Blood Drive', 'droplet', 'Give blood at the mobile unit; it takes under an hour and saves up to three lives. Snacks after.'),
    t('River Clean-up', 'Clean-up', 'recycle', 'Pick up litter along the riverbank with neighbours; gloves, bags and coffee provided.'),
    t('Fundraising Gala', 'Fundraiser', 'award', 'An evening of dinner, music and a silent auction for the local food bank.'),
  ],
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
