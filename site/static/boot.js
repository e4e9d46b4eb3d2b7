// The checker page's first script: it starts the date calculator (runtime.js) as soon as the page has this
// script, before the rest of the page's scripts have arrived, so that the runtime downloads and starts while
// they do. The page (app.js) then follows the calculator it started. Its setup is in the page's head.
import { Calculator } from "./runtime.js";

const setup = document.querySelector("meta[name='complaint-checker-calculator']");
export const early = setup ? new Calculator(JSON.parse(setup.content)) : null;
