// Stands in for Leaflet in the server bundle: the map mounts only in the browser, so the server
// never calls into it and need not carry its 140 KB.
export {};
