"""Valid leads as the forms send them, for the tests to post and change."""

CONTACT = {
    "name": "Mina Lee",
    "company": "Harbor & Co",
    "email": "mina@harbor.io",
    "phone": "+60 12-345 6789",
    "message": 'Line one,\nline "two"; ünïcødé',
    # The contact forms send the site's default country, in which a number without its + is read.
    "phoneCountry": "BD",
    "page": "/",
}
QUOTE = {
    "name": "Tom Berg",
    "email": "tom@berg.dev",
    "phone": "+44 20 7946 0958",
    "project": "Mobile app",
    "budget": "More than 10000$ Estimated",
    # The country chosen beside the phone; the service names the lead's country from the number.
    "phoneCountry": "GB",
}
