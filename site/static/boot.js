// The checker page's first script: it starts the date calculator (runtime.js) as soon as the page has this
// script, before the rest of the page's scripts have arrived, so that the runtime downloads and starts while
// they do. The page (app.js) then follows the calculator it started. Its setup is in the page's head.
// A link that asks for another language is left to app.js, which opens that language's page instead.
import { Calculator } from "./runtime.js";

const setup = document.querySelector("meta[name='complaint-checker-calculator']");
const asked = new URLSearchParams(window.location.hash.slice(1)).get("lang");
const elsewhere = asked && asked !== document.documentElement.lang;
export const early = setup && !elsewhere ? new Calculator(JSON.parse(setup.content)) : null;
