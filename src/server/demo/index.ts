/*
 * The demo room: the committed demo moved to this week at its first start. Other code uses it through
 * this index only.
 */
export { demoNoteName, moveDemoToThisWeek } from './operations';
