// Format screens (SPEC §4) as a term of the humor stack: B = 1 iff every policy turn passes. The screens
// themselves live in src/guards/screens.ts, which certify and the monitor read as well.

export { SCREEN_VERSIONS, hasAsteriskText, screenTurn, type ScreenResult, type ScreenVersion } from "../../guards/screens.js";
