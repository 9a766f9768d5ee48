/*
 * The users room: the studio's staff, their passwords (kept as hashes), roles and teachers' pay rates, and
 * the rule that classes are taught by teachers. Other code uses it through this index only.
 */
export { userRules } from './rules';
export { refuseNonTeacher } from './teachers';
