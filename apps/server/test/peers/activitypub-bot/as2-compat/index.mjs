// activitypub.bot 0.51 asks for activitystrea.ms 4, which the npm registry this project installs from
// does not have (3.1.0 is its last). 3.2 and 3.3 added the two calls the bot makes that 3.1.0 lacks;
// this gives 3.1.0 those two, as their changelog describes them, and changes nothing else.
import as2 from 'activitystrea.ms-3';
import Loader from 'activitystrea.ms-3/src/contextloader.js';
import as from 'vocabs-as';

/** 3.2.0: a context document the loader answers with instead of fetching it (the bot registers Fedify's, GoToSocial's, ...). */
as2.registerContext = (url, document) => {
  Loader.defaultInstance.register(url, document);
};

const ACTIVITY_TYPES = new Set(
  ['Activity', 'IntransitiveActivity', 'Accept', 'Add', 'Announce', 'Arrive', 'Block', 'Create', 'Delete', 'Dislike', 'Flag', 'Follow', 'Ignore', 'Invite', 'Join', 'Leave', 'Like', 'Listen', 'Move', 'Offer', 'Question', 'Reject', 'Read', 'Remove', 'TentativeReject', 'TentativeAccept', 'Travel', 'Undo', 'Update', 'View'].map((name) => String(as[name])),
);

/** 3.3.0: whether an object is an activity: a known activity type, or (untyped) one with an actor or an object. */
as2.models.Base.prototype.isActivity = function isActivity() {
  const type = this.type;
  const types = (Array.isArray(type) ? type : type ? [type] : []).map(String);
  if (types.some((t) => ACTIVITY_TYPES.has(t))) return true;
  return types.length === 0 && (this.has('actor') || this.has('object'));
};

export default as2;
