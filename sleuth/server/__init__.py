"""The web server: HTTP API, WebSocket, storage and the static pages."""
