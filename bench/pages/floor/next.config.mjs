// Next.js looks for its configuration in the parent folders too: this empty one keeps the site's out of the floor.
export default {};
