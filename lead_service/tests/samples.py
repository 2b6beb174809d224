"""Valid leads as the forms send them, for the tests to post and change."""

CONTACT = {
    "name": "Mina Lee",
    "company": "Harbor & Co",
    "email": "mina@harbor.io",
    "phone": "+60 12-345 6789",
    "message": 'Line one,\nline "two"; ünïcødé',
    "page": "/",
}
QUOTE = {
    "name": "Tom Berg",
    "email": "tom@berg.dev",
    "phone": "+44 20 7946 0958",
    "project": "Mobile app",
    "budget": "More than 10000$ Estimated",
    "country": "United Kingdom",
}
