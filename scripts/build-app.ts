// Builds the app once (when its sources changed) before the end-to-end servers start, so that the
// servers Playwright starts side by side never build into the same .next at the same time.
import { buildIfNeeded } from "./build-if-needed";

buildIfNeeded();
