// The home page is also the page under /home/modal/{id}'s modal, so it lives in ui/home/.
export { HomePage as default, homeMeta as meta, type HomeData } from "../../ui/home/HomePage";
