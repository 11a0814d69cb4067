// Not Found is also what /home/modal/{id} shows for an unknown card, so it lives in ui/.
export { NotFound as default, notFoundMeta as meta } from "../../ui/NotFound";
